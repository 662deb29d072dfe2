from gofish.cli import main

raise SystemExit(main())
