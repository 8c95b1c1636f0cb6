// Tests of module ModelSchema.
