// Tests of module Crossfire.
