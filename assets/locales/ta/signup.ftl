# The words of a tournament's sign-up and of /thaayam tournament (new, show, cancel, withdraw). Every language has the same keys.
