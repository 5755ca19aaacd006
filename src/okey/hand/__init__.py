"""The hand: tiles and their notation, combinations, the exact hand solver and scoring.

Pure functions and small values, no text and no state: the engine, the bots, the
review and ``okey hand`` all ask these modules what a hand holds and can become.
"""
