import Foundation

/// A map being written by keyed containers; shared by reference so that containers
/// requested twice for the same place write into one map.
///
/// Values go straight into the dictionary the SDK's encoder returns, in the form it returns
/// them, so the document is assembled as it is written. A map, an array or a `superEncoder()`
/// slot stays a reference until the end, because containers may still write into it:
/// meanwhile the dictionary holds its object (so that its key keeps the spelling of the key's
/// first write, as a Swift dictionary keeps it) and `containers` the value to put there.
final class EncodedMap {
    // A map is written and read by one encoding pass on one thread, so its state is spared
    // the dynamic exclusivity checks that class properties get by default.

    /// The values written, containers still as their objects.
    @exclusivity(unchecked) private var dictionary: [String: Any]
    /// The keys whose current value is a container, with the container; in write order.
    @exclusivity(unchecked) private var containers: [(key: String, value: EncodedValue)] = []

    /// An empty map with room for `capacity` keys before it grows.
    init(capacity: Int = 0) {
        dictionary = Dictionary(minimumCapacity: capacity)
    }

    /// A finished map opened again for writing, as the SDK's encoder writes into the
    /// dictionary object it made for a value when a container is asked for at its place.
    init(reopening dictionary: [String: Any]) {
        self.dictionary = dictionary
    }

    /// How many keys the map has.
    var count: Int { dictionary.count }

    /// Sets the value of a key, replacing any earlier value.
    func set(_ value: EncodedValue, forKey key: String) {
        switch value {
        case .map(let map): setContainer(value, object: map, forKey: key)
        case .array(let array): setContainer(value, object: array, forKey: key)
        case .superEncoded(let encoder): setContainer(value, object: encoder, forKey: key)
        default: set(foundationValue: value.foundationValue, forKey: key)
        }
    }

    /// Sets the value of a key to a value already in the form the SDK's encoder returns (a
    /// scalar: containers go through `set(_:forKey:)`), replacing any earlier value.
    func set(foundationValue value: Any, forKey key: String) {
        if dictionary.updateValue(value, forKey: key) != nil && !containers.isEmpty {
            containers.removeAll { $0.key == key }
        }
    }

    private func setContainer(_ value: EncodedValue, object: AnyObject, forKey key: String) {
        set(foundationValue: object, forKey: key)
        containers.append((key, value))
    }

    /// The container that is the current value of `key`, if it is one.
    func container(forKey key: String) -> EncodedValue? {
        containers.last { $0.key == key }?.value
    }

    /// The map that is the value of `key`, open for writing: an open container as it is, a
    /// finished map (`EncodedValue.finishedMap`, the only `[String: Any]` values held) reopened
    /// in its place. Nil when the value is not a map.
    func openMap(forKey key: String) -> EncodedMap? {
        if case .map(let open)? = container(forKey: key) { return open }
        guard let finished = dictionary[key] as? [String: Any] else { return nil }
        let reopened = EncodedMap(reopening: finished)
        set(.map(reopened), forKey: key)
        return reopened
    }

    /// The array that is the value of `key`, open for appending, likewise.
    func openArray(forKey key: String) -> EncodedArray? {
        if case .array(let open)? = container(forKey: key) { return open }
        guard let finished = dictionary[key] as? [Any] else { return nil }
        let reopened = EncodedArray(reopening: finished)
        set(.array(reopened), forKey: key)
        return reopened
    }

    /// The map as a value, for a caller that holds its only reference: converted to the SDK's
    /// form when no value is a container that may still be written, else still open.
    func finishedIfClosed() -> EncodedValue {
        containers.isEmpty ? .finishedMap(foundationDictionary()) : .map(self)
    }

    /// Whether `key` has a value.
    func contains(_ key: String) -> Bool {
        dictionary[key] != nil
    }

    /// The map as `[String: Any]`, its containers converted by `EncodedValue.foundationValue`.
    /// The containers are resolved in place: this is for assembling the document, once.
    func foundationDictionary() -> [String: Any] {
        for (key, value) in containers {
            dictionary[key] = value.foundationValue
        }
        containers = []
        return dictionary
    }
}
