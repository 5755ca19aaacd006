"""The salon: a public server where strangers find a table (docs/salon.md).

Accounts, the lobby of tables, spectators, conduct and moderation, chips and stakes, and
ratings, over the table server of :mod:`okey.net` (its tables, codec and client reused).
"""
