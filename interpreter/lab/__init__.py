"""The balance lab: many games between bots, and what a designer can act on.

`run.py` plays the games (in this process, in worker processes, or on a Ray
cluster, with the same results), each as a small `GameResult`;
`summary.py` turns the results into figures with their intervals (win
rates, seat and first-player edges, lengths, end reasons, per-card and
per-deck figures, quality measures); `report.py` writes them as text, JSON,
CSV or a self-contained HTML page. What the lab needs to know of a game
beyond the core contract is its `LabTraits` (`traits.py`).
"""
