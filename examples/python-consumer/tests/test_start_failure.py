"""A ccemu that cannot start says why, in its own words."""

import pytest

import ccemu


def test_a_missing_fixture_file_fails_the_start_with_ccemus_message(tmp_path, ccemu_launch):
    missing = tmp_path / "no-such-fixtures.json"
    with pytest.raises(ccemu.CcemuError) as failed:
        ccemu.start(launch=ccemu_launch, args=["--fixtures", str(missing)])
    message = str(failed.value)
    assert message.startswith("ccemu did not start: ccemu: cannot load fixtures: no such file or folder")
    assert str(missing) in message
