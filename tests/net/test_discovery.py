"""Tables found on the local network by mDNS/DNS-SD, here on the loopback interface only."""

from __future__ import annotations

from game.net.discovery import SERVICE, Advertiser, Browser

from .helpers import wait


def test_an_advertised_table_is_found_without_its_code():
    advert = Advertiser("Priya's table", 47311, "indian13", ["127.0.0.1"])
    browser = Browser(["127.0.0.1"])
    try:
        assert advert.start() and browser.start()
        assert advert.registering is not None and not advert.registering.done()  # probing goes on: hosting never waits
        assert wait(lambda: any(f.port == 47311 for f in browser.tables()), 10)
        found = next(f for f in browser.tables() if f.port == 47311)
        assert (found.name, found.address, found.game, found.protocol) == ("Priya's table", "127.0.0.1", "indian13", 1)
        assert found.where == "127.0.0.1:47311"
        properties = advert.info.properties  # type: ignore[union-attr]
        assert set(properties) == {b"game", b"protocol"}  # the code is told, never advertised
        assert advert.info.type == SERVICE  # type: ignore[union-attr]
    finally:
        advert.close()
    assert wait(lambda: not any(f.port == 47311 for f in browser.tables()), 10)  # gone when the host closes
    browser.close()


def test_a_table_closed_while_its_name_is_still_probed_is_never_announced():
    advert = Advertiser("Closed at once", 47312, "indian13", ["127.0.0.1"])
    browser = Browser(["127.0.0.1"])
    try:
        assert advert.start() and browser.start()
        registering = advert.registering
        advert.close()
        assert registering is not None and registering.cancelled()
        assert not wait(lambda: any(f.port == 47312 for f in browser.tables()), 2.5)
    finally:
        advert.close()
        browser.close()
