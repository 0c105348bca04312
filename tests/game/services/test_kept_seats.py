"""The seats a guest keeps for taking back after its window closed (issue 23)."""

import os
import sys

import pytest

from game.services.kept_seats import FILE, KEPT, MAX_BYTES, KeptSeat, KeptSeats


def test_a_kept_seat_is_found_replaced_and_forgotten_by_table(tmp_path):
    seats = KeptSeats(tmp_path)
    assert seats.find("h:1", "ABC123") is None
    seats.keep(KeptSeat("h:1", "ABC123", 1, "t1", "Ana"))
    seats.keep(KeptSeat("h:2", "ABC123", 2, "t2", "Ana"))
    seats.keep(KeptSeat("h:1", "ABC123", 3, "t3", "Ben"))  # the same table again: the new seat replaces it
    assert seats.find("h:1", "ABC123") == KeptSeat("h:1", "ABC123", 3, "t3", "Ben")
    assert seats.find("h:1", "XYZ789") is None
    seats.forget("h:1", "ABC123")
    assert seats.find("h:1", "ABC123") is None and seats.find("h:2", "ABC123").token == "t2"


def test_only_the_newest_seats_are_kept(tmp_path):
    seats = KeptSeats(tmp_path)
    for i in range(KEPT + 3):
        seats.keep(KeptSeat(f"h:{i}", "ABC123", 1, f"t{i}", "Ana"))
    assert seats.find("h:0", "ABC123") is None and seats.find("h:2", "ABC123") is None
    assert seats.find("h:3", "ABC123").token == "t3" and seats.find(f"h:{KEPT + 2}", "ABC123") is not None


@pytest.mark.parametrize("content", [b"{not json", b'{"where": 1}', b'[{"where": "h:1", "code": 5}]',
                                     b"\xff\xfe", b"[" + b" " * MAX_BYTES + b"]"])
def test_a_file_that_cannot_be_read_counts_as_empty_and_is_written_anew(tmp_path, content):
    (tmp_path / FILE).write_bytes(content)
    seats = KeptSeats(tmp_path)
    assert seats.find("h:1", "ABC123") is None
    seats.keep(KeptSeat("h:1", "ABC123", 1, "t1", "Ana"))
    assert seats.find("h:1", "ABC123").token == "t1"


@pytest.mark.skipif(not hasattr(os, "mkfifo") or sys.platform == "win32", reason="needs a POSIX FIFO")
def test_a_fifo_in_the_files_place_does_not_hang(tmp_path):
    os.mkfifo(tmp_path / FILE)
    assert KeptSeats(tmp_path).find("h:1", "ABC123") is None  # read without blocking: counts as empty
