import CCurlShim

/// One libcurl easy handle, with the error buffer and request headers it points to; all freed together.
///
/// Not `Sendable`: made, used and freed on one download thread. Call ``CurlRuntime/start()`` first.
final class CurlEasy {
    private let handle: UnsafeMutableRawPointer
    /// CURLOPT_ERRORBUFFER: curl's detailed message for a failed transfer. Outlives the handle.
    private let errorBuffer: UnsafeMutablePointer<CChar>
    /// CURLOPT_HTTPHEADER's list. Outlives the handle.
    private var headers: UnsafeMutableRawPointer?
    /// CURLOPT_OPENSOCKETDATA: the callback asked about each address, when one is set. Outlives the handle.
    private var addressCheck: UnsafeMutablePointer<toolkit_curl_address_check>?

    /// Makes a handle; `nil` when libcurl cannot (it is out of memory).
    init?() {
        guard let handle = toolkit_curl_easy_init() else { return nil }
        self.handle = handle
        let size = Int(toolkit_curl_error_size)
        errorBuffer = .allocate(capacity: size)
        errorBuffer.initialize(repeating: 0, count: size)
        toolkit_curl_set_error_buffer(handle, errorBuffer)
    }

    deinit {
        toolkit_curl_easy_cleanup(handle)
        toolkit_curl_slist_free_all(headers)
        errorBuffer.deallocate()
        addressCheck?.deallocate()
    }

    /// Sets an option that takes a number.
    func set(_ option: toolkit_curl_long_option, _ value: Int) -> toolkit_curl_code {
        toolkit_curl_setopt_long(handle, option, value)
    }

    /// Sets an option that takes a string (libcurl copies it).
    func set(_ option: toolkit_curl_string_option, _ value: String) -> toolkit_curl_code {
        toolkit_curl_setopt_string(handle, option, value)
    }

    /// Sets an option that takes a 64-bit size.
    func set(_ option: toolkit_curl_off_option, _ value: Int64) -> toolkit_curl_code {
        toolkit_curl_setopt_off(handle, option, value)
    }

    /// Sets the request's extra header lines (`"Name: value"`), replacing any set before.
    func setHeaders(_ lines: [String]) -> toolkit_curl_code {
        var list: UnsafeMutableRawPointer?
        for line in lines {
            guard let longer = toolkit_curl_slist_append(list, line) else {
                toolkit_curl_slist_free_all(list)
                return CURLE_OUT_OF_MEMORY
            }
            list = longer
        }
        let result = toolkit_curl_set_headers(handle, list)
        toolkit_curl_slist_free_all(headers)
        headers = list
        return result
    }

    /// Sets the callbacks that get the body, the header lines and the progress ticks, each with `context`.
    func setCallbacks(
        context: UnsafeMutableRawPointer,
        body: toolkit_curl_data_callback,
        header: toolkit_curl_data_callback,
        progress: toolkit_curl_progress_callback
    ) -> [toolkit_curl_code] {
        [
            toolkit_curl_set_write_callback(handle, body, context),
            toolkit_curl_set_header_callback(handle, header, context),
            toolkit_curl_set_progress_callback(handle, progress, context),
        ]
    }

    /// Has `callback` asked, with `context`, about each address before a socket is opened for it; a
    /// non-zero answer refuses the address (see `toolkit_curl_set_address_check`).
    func setAddressCheck(
        context: UnsafeMutableRawPointer, callback: toolkit_curl_address_callback
    ) -> toolkit_curl_code {
        let check = addressCheck ?? .allocate(capacity: 1)
        check.initialize(to: toolkit_curl_address_check(callback: callback, context: context))
        addressCheck = check
        return toolkit_curl_set_address_check(handle, check)
    }

    /// Runs the transfer; blocks until it ends (the callbacks run on this thread meanwhile).
    func perform() -> toolkit_curl_code {
        errorBuffer[0] = 0
        return toolkit_curl_easy_perform(handle)
    }

    /// What went wrong, in curl's words: the error buffer's detail, else the code's generic text.
    func message(for code: toolkit_curl_code) -> String {
        if errorBuffer[0] != 0 { return String(cString: errorBuffer) }
        return String(cString: toolkit_curl_easy_strerror(code))
    }

    /// The last response's HTTP status; 0 when none arrived.
    var responseCode: Int {
        var value = 0
        _ = toolkit_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &value)
        return value
    }

    /// The URL of the last request, after redirects.
    var effectiveURL: String? {
        var value: UnsafePointer<CChar>?
        _ = toolkit_curl_getinfo_string(handle, CURLINFO_EFFECTIVE_URL, &value)
        return value.map { String(cString: $0) }
    }

    /// The body size the last response announced (`Content-Length`), if it did.
    var announcedLength: Int64? {
        var value: Int64 = -1
        _ = toolkit_curl_getinfo_off(handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &value)
        return value >= 0 ? value : nil
    }
}
