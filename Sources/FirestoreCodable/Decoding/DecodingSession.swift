import Foundation
import FirestoreModel

/// The `Swift.Decoder` that `Firestore.Decoder` hands to `init(from:)`: one decoding pass
/// over a value tree, with the SDK's `__JSONDecoder` structure — the value being decoded (the
/// enclosing ones kept by the calls decoding them), one mutable coding path, and the decoder
/// itself as the single-value container.
///
/// Both the value and the path are restored on every exit, thrown errors included, so a
/// type may catch a failed attempt and try another way.
final class DecodingSession: Swift.Decoder {
    // The mutable state is only ever used by one decoding pass on one thread, so the dynamic
    // exclusivity checks that class properties get by default are switched off for it.

    /// The value being decoded now.
    @exclusivity(unchecked) private(set) var top: DecodingNode
    /// The path to the value being decoded now; containers push and pop keys on it.
    @exclusivity(unchecked) var codingPath: [any CodingKey]
    /// The strategies and user info of the `Firestore.Decoder` that started the pass.
    let options: DecodingOptions
    /// The formatter of the `.iso8601` date strategy, made when first needed.
    private var iso8601Formatter: ISO8601DateFormatter?
    /// A session positioned at `root`.
    init(root: DecodingNode, codingPath: [any CodingKey] = [], options: DecodingOptions) {
        self.top = root
        self.codingPath = codingPath
        self.options = options
    }

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    /// Runs `body` with `node` as the value being decoded, restoring the one before on every
    /// exit, thrown errors included.
    @inline(__always)
    func decoding<R>(_ node: DecodingNode, _ body: () throws -> R) rethrows -> R {
        let enclosing = top
        top = node
        defer { top = enclosing }
        return try body()
    }

    /// The coding path with `key` appended, when there is one.
    func codingPath(appending key: (any CodingKey)?) -> [any CodingKey] {
        guard let key else { return codingPath }
        return codingPath + [key]
    }

    /// Runs `body` with `key` appended to the coding path, removing it afterwards.
    func with<R>(_ key: any CodingKey, _ body: () throws -> R) rethrows -> R {
        codingPath.append(key)
        defer { codingPath.removeLast() }
        return try body()
    }

    /// The ISO 8601 formatter (`.withInternetDateTime`) of this session.
    func iso8601() -> ISO8601DateFormatter {
        if let iso8601Formatter { return iso8601Formatter }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = .withInternetDateTime
        iso8601Formatter = formatter
        return formatter
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if top.isNull {
            throw DecodingError.valueNotFound(KeyedDecodingContainer<Key>.self, DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "Cannot get keyed decoding container -- found null value instead."
            ))
        }
        guard let map = top.mapView else {
            throw top.mismatch(expecting: [String: Any].self, at: codingPath)
        }
        return KeyedDecodingContainer(DecodingKeyedContainer<Key>(session: self, map: map))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        DecodingUnkeyedContainer(session: self, elements: try unkeyedElements(of: top))
    }

    /// The elements of `node` for an unkeyed container, or the container's error for a null
    /// or a value that is not an array.
    func unkeyedElements(of node: DecodingNode) throws -> DecodingNodeArray {
        if node.isNull {
            throw DecodingError.valueNotFound((any UnkeyedDecodingContainer).self, DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "Cannot get unkeyed decoding container -- found null value instead."
            ))
        }
        guard let array = node.arrayView else {
            throw node.mismatch(expecting: [Any].self, at: codingPath)
        }
        return array
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        self
    }
}
