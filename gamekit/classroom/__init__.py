"""The classroom server: one device per student, seated at tables the teacher watches.

``hall`` holds the tables, seats, tokens and join codes; ``store`` keeps every table in a database
so that a restarted server goes on where it was; ``app`` serves the pages, the JSON API and the
WebSockets (Starlette); ``messages`` builds what each seat is sent, from its own view only.
"""

from .hall import (STUDENT, Classroom, ClassroomError, HostedTable, RevealRefused, SeatPass, SeatTaken,
                   TablePaused, UnknownTable, UnknownToken)

__all__ = ["STUDENT", "Classroom", "ClassroomError", "HostedTable", "RevealRefused", "SeatPass", "SeatTaken",
           "TablePaused", "UnknownTable", "UnknownToken"]
