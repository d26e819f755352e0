from retell.cli import main

main()
