// Module HandMapper: see ../shared/DESIGN.md (Parts).
