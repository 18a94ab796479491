"""The web game's server: tables of people and computer players over websockets.

``spades serve`` runs :func:`spades.server.app.create_app` on uvicorn; see ``app`` for
the routes and the protocol, ``table`` for how a table coordinates its parts (``events``:
the typed event log and its replay; ``seats``: seats and invites; ``turns``: turns,
clocks and computer decisions; ``chat``; ``messages``: the JSON messages and refusals;
``clients``; ``config``), ``store`` for the event log's storage, ``cluster`` for several
workers on one PostgreSQL database and ``fair`` for the seed commit-reveal deal.
"""
