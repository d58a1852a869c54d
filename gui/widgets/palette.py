"""The passages' colors, shared by the compare view and the student view (a light module:
the student view is built at start, the compare view with the first pair opened)."""

#: (light, strong) background pairs: light for every passage, strong for the current one.
#: Open Color shades 2 and 4; neighbours in the cycle have far-apart hues.
PALETTE = (
    ("#ffd8a8", "#ffa94d"),  # orange
    ("#a5d8ff", "#4dabf7"),  # blue
    ("#b2f2bb", "#69db7c"),  # green
    ("#fcc2d7", "#f783ac"),  # pink
    ("#ffec99", "#ffd43b"),  # yellow
    ("#d0bfff", "#9775fa"),  # violet
    ("#96f2d7", "#38d9a9"),  # teal
    ("#ffc9c9", "#ff8787"),  # red
    ("#bac8ff", "#748ffc"),  # indigo
    ("#d8f5a2", "#a9e34b"),  # lime
    ("#eebefa", "#da77f2"),  # grape
    ("#99e9f2", "#3bc9db"),  # cyan
)
