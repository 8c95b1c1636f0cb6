// Tests of module FirestoreModel.
