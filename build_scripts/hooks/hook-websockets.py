"""PyInstaller hook for websockets, in place of the contributed one (build_scripts/build.py passes
this folder with ``--additional-hooks-dir``, whose hooks come first).

The contributed hook bundles every submodule as a hidden import, the legacy, sync and trio front
ends too, which build.py leaves out (the app uses the asyncio client and server only): each would
be one "Hidden import not found" warning.  The asyncio front end's own imports are found by
following them; its modules are named here as well, the router (which needs werkzeug) aside.
"""

from PyInstaller.utils.hooks import collect_submodules

hiddenimports = collect_submodules("websockets.asyncio", filter=lambda name: name != "websockets.asyncio.router")
