import Foundation

/// The `Swift.Encoder` that `Firestore.Encoder` hands to `encode(to:)`: one per value
/// being encoded, holding what that value wrote.
///
/// A child encoder is reused for the next child once its value is done, unless someone
/// kept a reference to it. The coding path is built only when asked for, from the owner
/// chain.
final class EncodingSession: Swift.Encoder {
    // The mutable state is only ever used by one encoding pass on one thread, so the dynamic
    // exclusivity checks that class properties get by default are switched off for it.

    let context: EncodingContext
    /// What the value wrote: nil until it asks for a container or writes a single value.
    @exclusivity(unchecked) var storage: EncodedValue?
    /// The encoder whose child value this one encodes; nil for the root, for a spare and
    /// for a `superEncoder()`.
    @exclusivity(unchecked) private var owner: EncodingSession?
    /// The step from the owner down to this encoder's value; nil for the top-level value
    /// and a single-value container's value, which share their parent's path.
    @exclusivity(unchecked) private var step: EncodingPathStep?
    /// The path when there is no owner: empty for the root, fixed for a `superEncoder()`.
    private let basePath: [any CodingKey]
    /// A finished child kept for reuse.
    @exclusivity(unchecked) private var spare: EncodingSession?
    /// How many keys the last map this encoder wrote had: room made in the next one, as a
    /// reused child encodes the next element of an array, usually of the same type. Growing a
    /// dictionary key by key costs more than the rest of writing it.
    @exclusivity(unchecked) private var mapCapacityHint = EncodingSession.defaultMapCapacity
    /// The room made in a map when nothing better is known.
    private static let defaultMapCapacity = 8
    /// How many elements the last array this encoder wrote had, room made in the next one
    /// likewise.
    @exclusivity(unchecked) private var arrayCapacityHint = 0

    init(context: EncodingContext, basePath: [any CodingKey]) {
        self.context = context
        self.basePath = basePath
    }

    var codingPath: [any CodingKey] {
        var path = owner?.codingPath ?? basePath
        if let step { path.append(step.codingKey) }
        return path
    }

    var userInfo: [CodingUserInfoKey: Any] { context.options.userInfo }

    /// The coding path of a value one step below this encoder.
    func codingPath(appending step: EncodingPathStep?) -> [any CodingKey] {
        var path = codingPath
        if let step { path.append(step.codingKey) }
        return path
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let map: EncodedMap
        switch storage {
        case nil:
            map = EncodedMap(capacity: mapCapacityHint)
            storage = .map(map)
        case .map(let existing)?:
            map = existing
        case .finishedMap(let dictionary)?:
            map = EncodedMap(reopening: dictionary)
            storage = .map(map)
        default:
            context.recordMisuse(
                "Attempt to push new keyed encoding container when already previously encoded at this path.",
                at: codingPath
            )
            map = EncodedMap()
        }
        return KeyedEncodingContainer(EncodingKeyedContainer<Key>(encoder: self, map: map, nestedKeys: []))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: EncodedArray
        switch storage {
        case nil:
            array = EncodedArray(capacity: arrayCapacityHint)
            storage = .array(array)
        case .array(let existing)?:
            array = existing
        case .finishedArray(let elements)?:
            array = EncodedArray(reopening: elements)
            storage = .array(array)
        default:
            context.recordMisuse(
                "Attempt to push new unkeyed encoding container when already previously encoded at this path.",
                at: codingPath
            )
            array = EncodedArray()
        }
        return EncodingUnkeyedContainer(encoder: self, array: array, nestedKeys: [])
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        self
    }

    /// An encoder for a value one step below this one: the spare if there is one.
    func takeChild(at step: EncodingPathStep?) -> EncodingSession {
        let child: EncodingSession
        if let spare {
            self.spare = nil
            child = spare
        } else {
            child = EncodingSession(context: context, basePath: [])
        }
        child.owner = self
        child.step = step
        return child
    }

    /// Keeps a finished child for reuse, unless something else still refers to it.
    func recycle(_ child: inout EncodingSession) {
        guard spare == nil, isKnownUniquelyReferenced(&child) else { return }
        child.storage = nil
        child.owner = nil
        child.step = nil
        spare = child
    }

    /// Runs `body` with a child encoder one step below and returns what it wrote, or nil
    /// when it wrote nothing. A throwing body leaves nothing behind.
    func encodeInChild(at step: EncodingPathStep?, _ body: (EncodingSession) throws -> Void) throws -> EncodedValue? {
        var child = takeChild(at: step)
        defer { recycle(&child) }
        try body(child)
        return child.takeFinishedStorage()
    }

    /// What the value wrote, taken out of the encoder. A map or an array that nothing else
    /// refers to (no container of it outlived `encode(to:)`) and that holds no container
    /// itself can never be written again: it is converted to the SDK's form now, so that a
    /// document of nested values is assembled as it is written, in one pass. Anything else
    /// stays a container, converted when the document is assembled.
    private func takeFinishedStorage() -> EncodedValue? {
        let written = storage
        storage = nil
        // `consume`: a copy of the value kept while the map or array is tested would make it
        // look shared.
        switch EncodingSession.container(in: consume written) {
        case .map(var map):
            mapCapacityHint = map.count
            return isKnownUniquelyReferenced(&map) ? map.finishedIfClosed() : .map(map)
        case .array(var array):
            arrayCapacityHint = array.count
            return isKnownUniquelyReferenced(&array) ? array.finishedIfClosed() : .array(array)
        case .other(let value):
            return value
        }
    }

    /// A written value, a map or array taken out of it.
    private enum WrittenContainer {
        case map(EncodedMap)
        case array(EncodedArray)
        case other(EncodedValue?)
    }

    private static func container(in written: consuming EncodedValue?) -> WrittenContainer {
        switch written {
        case .map(let map)?: return .map(map)
        case .array(let array)?: return .array(array)
        default: return .other(written)
        }
    }
}
