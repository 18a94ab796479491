"""Learning environments (the extra ``rl``): PettingZoo, Gymnasium and OpenSpiel adapters.

Import the one you need (``spades.rl.pettingzoo``, ``spades.rl.gymnasium``,
``spades.rl.openspiel``); each drives a :class:`spades.Game` and shows every agent
only its seat's :class:`spades.Observation`, encoded by :mod:`spades.rl.encoding`.
"""
