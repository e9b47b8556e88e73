"""Network play at the app (docs/network.md): Host a table and Join a table from the title
screen, the lobby, the session of this screen at a table (:mod:`.session`) and the match it draws,
rebuilt from what the host sends it (:mod:`.remote`); hosting from the app (:mod:`.hosting`).  The
transport and the authoritative table are :mod:`game.net`'s."""
