"""The Apartment Table: five evenings with the neighbours, then the Masters' Table.

The story holds no words: its neighbours, evenings and titles are names that the
catalogue says (``story.*``), and its progress is a small file kept atomically
beside the saves (:mod:`okey.story.progress`). Each evening is an ordinary saved
match, so an evening left mid-match resumes like any save.
"""
