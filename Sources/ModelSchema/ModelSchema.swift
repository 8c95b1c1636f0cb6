// Module ModelSchema: see ../shared/DESIGN.md (Parts).
