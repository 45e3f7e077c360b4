"""What the menus and keys do: the menus, the battle files, Play a Game, the network game, the
aftermath, recovery and crashes, Keep old Ogre."""
