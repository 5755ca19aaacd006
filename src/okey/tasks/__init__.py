"""Daily tasks and the weekly challenge, checked from a match's record.

:mod:`okey.tasks.facts` reads what a seat did in each round of a record (through the
engine's replay, never the table's words); :mod:`okey.tasks.kinds` is the pool of
tasks as conditions on those facts; :mod:`okey.tasks.calendar` draws a day's tasks and
a week's challenge from the date alone; :mod:`okey.tasks.ledger` keeps what was done
and the okey score; :mod:`okey.tasks.counting` credits the tasks a verified save
completes. No words live here: the catalogue says them (``tasks.*``).
"""
