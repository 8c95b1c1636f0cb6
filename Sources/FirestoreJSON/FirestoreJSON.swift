// Module FirestoreJSON: see ../shared/DESIGN.md (Parts).
