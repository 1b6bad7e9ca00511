"""``orchard-lab app GAME``: a code-free page per game for pupils, served by Solara.

``page`` builds the page from the existing widgets, ``solara_page`` is the Solara entry
point, ``gate`` checks the token, ``server`` starts it all and ``command`` adds the
subcommand to ``orchard-lab``.
"""
