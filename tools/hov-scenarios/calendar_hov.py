"""The derived turn calendar (digest 5.14): turn n starts on 6 December 1806 + 3(n-1) days;
§59 fixes turn 36 on 21 March 1807, and turn 69 ends the Grand Campaign on 28-30 June (§216)."""

import datetime

START = datetime.date(1806, 12, 6)
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def start(turn):
    return START + datetime.timedelta(days=3 * (turn - 1))


def label(turn):
    d = start(turn)
    return "%d %s %d" % (d.day, MONTHS[d.month - 1], d.year)


assert label(36) == "21 Mar 1807"
assert label(7) == "24 Dec 1806" and label(22) == "7 Feb 1807" and label(64) == "13 Jun 1807"
