// Module FirestoreCodable: see ../shared/DESIGN.md (Parts).
