"""Pages a designer opens in a browser: a record's replay viewer, and the gallery of a set's cards.

Each page is one self-contained HTML file (style, data and script inline;
nothing fetched), written by `viewer.py` (`atout view`) and `gallery.py`
(`atout gallery`); `html.py` holds what they share.
"""
