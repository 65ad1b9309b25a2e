"""`python -m atout`: the `atout` command, for where the script is not on the PATH."""

from atout.cli.main import main

main(prog_name="atout")
