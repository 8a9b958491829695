"""`python -m tests.golden`: write the golden records again from the code as it is."""

from tests.golden import CASES, make

for case in CASES:
    make(*case)
    print("wrote", case[0])
