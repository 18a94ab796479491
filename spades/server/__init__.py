"""The web game's server: tables of people and computer players over websockets.

``spades serve`` runs :func:`spades.server.app.create_app` on uvicorn; see ``app`` for
the routes and the protocol, ``table`` for how a table decides, ``store`` for the event
log, ``cluster`` for several workers on one PostgreSQL database and ``fair`` for the seed
commit-reveal deal.
"""
