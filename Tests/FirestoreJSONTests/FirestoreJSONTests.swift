// Tests of module FirestoreJSON.
