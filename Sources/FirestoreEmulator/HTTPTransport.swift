import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// An HTTP answer: its status code and body.
struct HTTPAnswer: Sendable {
    /// The status code (`200`).
    let status: Int
    /// The body's bytes.
    let body: [UInt8]
}

/// Blocking HTTP requests over one `URLSession` (one connection kept alive per host), for the
/// engine's synchronous loop: each request waits for its answer or its timeout.
struct HTTPTransport: Sendable {
    private let session: URLSession

    /// A transport whose requests give up after `timeout` seconds without an answer.
    init(timeout: TimeInterval) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpMaximumConnectionsPerHost = 1
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    /// Sends `method url` with `body` (JSON) and waits for the answer; `request` names it in errors.
    func send(_ method: String, _ url: URL, body: [UInt8]? = nil, request: String) throws(EmulatorError) -> HTTPAnswer {
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = method
        if let body {
            urlRequest.httpBody = Data(body)
            urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let outcome = Mutex<Result<HTTPAnswer, EmulatorError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: urlRequest) { data, response, error in
            let result: Result<HTTPAnswer, EmulatorError>
            if let error {
                result = .failure(.unreachable(request: request, reason: error.localizedDescription))
            } else if let response = response as? HTTPURLResponse {
                result = .success(HTTPAnswer(status: response.statusCode, body: Array(data ?? Data())))
            } else {
                result = .failure(.unreachable(request: request, reason: "no HTTP response"))
            }
            outcome.withLock { $0 = result }
            done.signal()
        }
        task.resume()
        done.wait()
        return try outcome.withLock { $0 ?? .failure(.unreachable(request: request, reason: "no answer")) }.get()
    }
}
