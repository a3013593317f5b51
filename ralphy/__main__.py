from ralphy.cli import main

main()
