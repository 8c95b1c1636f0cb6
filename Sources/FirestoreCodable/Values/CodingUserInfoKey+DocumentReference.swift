extension CodingUserInfoKey {
    /// The user-info key under which `Firestore.Decoder` stores the `DocumentReference`
    /// of the document being decoded; `DocumentID.init(from:)` reads it.
    /// Its raw value is `"DocumentRefUserInfoKey"`, as in the SDK.
    //
    // `init?(rawValue:)` never returns nil (it is failable only because `RawRepresentable`
    // requires it), so unwrapping it cannot fail.
    public static let documentRefUserInfoKey: CodingUserInfoKey =
        CodingUserInfoKey(rawValue: "DocumentRefUserInfoKey").unsafelyUnwrapped
}
