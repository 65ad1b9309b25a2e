"""`atout print`: the cards as a designer prints them to play on a real table.

`layout.py` places cards on sheets (paper, card size, bleed, cut marks,
backs for duplex); the faces are the pages' (`pages/faces.py` reads what
each game's card shows, `pages/cards.py` draws it from templates a designer
may override); `render.py` makes the PDF, the images and the Tabletop
Simulator decks;
`job.py` chooses the cards (a deck, a collection, or all) and writes the
files. These need the `print` extra: `pip install 'atout[print]'`.
"""
