"""Reviewing a whole class: groups and likely sources, seriation, short names, per-student
figures and verdicts. Pure Python (networkx for the graph); never imports Qt."""
