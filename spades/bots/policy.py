"""When a computer player may declare blind nil: its blind nil policy.

Under the default partnership rules blind nil pays in nearly every hand, and ``hard``
declares it every hand; beside a person that ends games in two hands and has the person
give three cards away every hand. A policy bounds the bot's own judgement:

- ``always``: whenever the bot's judgement says it pays (its rule or its search);
- ``trailing-N``: only while its side trails the other by at least N points, and then as
  its judgement says;
- ``never``.

Bots take it as ``blind_nil=`` (``hard:blind_nil=trailing-100``). At a table with a
person every computer seat, partner and opponents, plays :data:`AT_A_PERSONS_TABLE`
unless the person's preferences or the table's creator choose otherwise; bot-only arenas
keep ``always``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import SpadesError, quoted
from ..observation import Observation

_TRAILING = re.compile(r"trailing[-_ ]?(\d{1,5})")


@dataclass(frozen=True)
class BlindNilPolicy:
    """A blind nil policy; ``trailing`` is N for ``trailing-N`` and None otherwise."""

    mode: str = "always"
    trailing: int | None = None

    @classmethod
    def parse(cls, value: object) -> BlindNilPolicy:
        """``'always'``, ``'never'``, ``'trailing-100'`` (or ``trailing 100``), or a policy.

        Raises SpadesError naming the choices for anything else.
        """
        if isinstance(value, BlindNilPolicy):
            return value
        text = str(value).strip().lower() if isinstance(value, str) else ""
        if text in ("always", "never"):
            return cls(text)
        match = _TRAILING.fullmatch(text)
        if match:
            return cls("trailing", int(match.group(1)))
        raise SpadesError(f"unknown blind nil policy {quoted(value)}; valid: always, never, "
                          "trailing-N (N points behind, 0 to 99999)")

    def __str__(self) -> str:
        """The policy as it is written: ``always``, ``never`` or ``trailing-100``."""
        return f"trailing-{self.trailing}" if self.mode == "trailing" else self.mode

    def allows(self, obs: Observation) -> bool:
        """Whether the policy lets the seat of ``obs`` declare blind nil now."""
        if self.mode == "never":
            return False
        if self.mode == "always" or self.trailing is None:
            return True
        side = obs.rules.side_of(obs.seat)
        return obs.scores[1 - side] - obs.scores[side] >= self.trailing

    def describe(self) -> str:
        """The policy in a player's words."""
        if self.mode == "never":
            return "this computer never declares blind nil"
        if self.mode == "trailing":
            return (f"this computer declares blind nil only when its side trails by "
                    f"{self.trailing} points or more")
        return "this computer declares blind nil whenever it judges it pays"


ALWAYS = BlindNilPolicy()
AT_A_PERSONS_TABLE = BlindNilPolicy("trailing", 100)
# the policies offered for the computers at a person's table, as (words, written form)
CHOICES = (("only when trailing by 100", str(AT_A_PERSONS_TABLE)),
           ("whenever it pays", "always"), ("never", "never"))
