# The words of tournaments as they run (threads, tables, standings, the podium). Every language has the same keys.
