// Module Crossfire: see ../shared/DESIGN.md (Parts).
