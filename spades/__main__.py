"""``python -m spades``: the ``spades`` command (:func:`spades.cli.main`)."""

import sys

from .cli import main

sys.exit(main())
