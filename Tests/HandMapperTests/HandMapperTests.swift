// Tests of module HandMapper.
