// Tests of module FirestoreCodable.
