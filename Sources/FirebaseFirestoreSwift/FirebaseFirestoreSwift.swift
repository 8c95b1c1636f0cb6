// `import FirebaseFirestoreSwift`: the SDK's Swift extension module, which held the Codable
// support (`Firestore.Encoder`/`Decoder`, `@DocumentID`, `@ServerTimestamp`, `data(as:)`,
// `setData(from:)`) until SDK 10.17 merged it into `FirebaseFirestore`; deprecated from then,
// gone in SDK 11. Here it is `FirebaseFirestore` again, so a model file written for SDK 8 to
// 10 that imports it compiles unchanged.
@_exported import FirebaseFirestore
