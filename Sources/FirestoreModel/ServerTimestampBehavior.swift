/// What `data(with:)` gives for a field written with `FieldValue.serverTimestamp()` that the
/// server has not confirmed yet (the SDK's `ServerTimestampBehavior`).
public enum ServerTimestampBehavior: Sendable, Hashable {
    /// `NSNull` (the SDK's default).
    case none
    /// The local write time as a `Timestamp`.
    case estimate
    /// The field's value before the write, or `NSNull` when it had none.
    case previous
}

/// A server timestamp written locally and not yet confirmed by the server.
public struct PendingServerTimestamp: Sendable, Hashable {
    /// When the write was made on the device.
    public let localWriteTime: Timestamp
    /// The field's value before the write (nil when the field did not exist).
    public let previousValue: FirestoreValue?

    /// A pending server timestamp written at `localWriteTime` over `previousValue`.
    public init(localWriteTime: Timestamp, previousValue: FirestoreValue? = nil) {
        self.localWriteTime = localWriteTime
        self.previousValue = previousValue
    }
}
