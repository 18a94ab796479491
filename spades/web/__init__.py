"""The browser client: static files (HTML, ES modules, CSS) served by spades.server."""
