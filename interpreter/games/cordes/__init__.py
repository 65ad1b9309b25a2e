"""Dans les Cordes: its card language and its engine (combats, ripostes, the GONG)."""
