import Foundation

/// An array being written by unkeyed containers; shared by reference like `EncodedMap`, and
/// like it holding its elements as the SDK's encoder returns them, containers resolved when
/// the document is assembled.
final class EncodedArray {
    /// The elements, containers still as their objects.
    @exclusivity(unchecked) private var elements: [Any] = []
    /// The positions of the elements that are containers, with the container.
    @exclusivity(unchecked) private var containers: [(index: Int, value: EncodedValue)] = []

    /// The room made for elements, and for containers once one comes.
    private let capacity: Int

    /// An empty array with room for `capacity` elements before it grows.
    init(capacity: Int = 0) {
        self.capacity = capacity
        elements.reserveCapacity(capacity)
    }

    /// A finished array opened again for appending, like `EncodedMap.init(reopening:)`.
    init(reopening elements: [Any]) {
        self.capacity = 0
        self.elements = elements
    }

    /// The array as a value, likewise `EncodedMap.finishedIfClosed()`.
    func finishedIfClosed() -> EncodedValue {
        containers.isEmpty ? .finishedArray(foundationArray()) : .array(self)
    }

    /// How many elements have been appended.
    var count: Int { elements.count }

    /// Appends an element.
    func append(_ value: EncodedValue) {
        switch value {
        case .map(let map): appendContainer(value, object: map)
        case .array(let array): appendContainer(value, object: array)
        case .superEncoded(let encoder): appendContainer(value, object: encoder)
        default: elements.append(value.foundationValue)
        }
    }

    /// Appends an element already in the form the SDK's encoder returns (a scalar: containers
    /// go through `append(_:)`).
    func append(foundationValue value: Any) {
        elements.append(value)
    }

    private func appendContainer(_ value: EncodedValue, object: AnyObject) {
        if containers.isEmpty { containers.reserveCapacity(capacity) }
        containers.append((elements.count, value))
        elements.append(object)
    }

    /// The array as `[Any]`, its containers converted by `EncodedValue.foundationValue`,
    /// resolved in place like `EncodedMap.foundationDictionary()`.
    func foundationArray() -> [Any] {
        for (index, value) in containers {
            elements[index] = value.foundationValue
        }
        containers = []
        return elements
    }
}
