/**
 * Seed installation guides: pure data, no imports.
 *
 * Paths and names use example.com as a placeholder domain; commands are real
 * and were written for current releases (OpenSSL 1.1.1/3.x, nginx, Apache 2.4,
 * IIS 10, Tomcat 9+, cPanel, Plesk Obsidian, DirectAdmin).
 */

/** The GuideCategory value (server/src/core/enums.ts), as stored. */
export type GuideCategory = 'HOSTING_PANEL' | 'WEB_SERVER' | 'OTHER';

export interface SeedGuide {
  title: string;
  serverType: string;
  category: GuideCategory;
  content: string;
  steps: string[];
  helpfulCount: number;
  views: number;
}

export const seedGuides: SeedGuide[] = [
  // ------------------------------------------------------ Hosting panels
  {
    title: 'Install an SSL Certificate in cPanel',
    serverType: 'cPanel',
    category: 'HOSTING_PANEL',
    content:
      'Install your certificate, private key and CA bundle through the SSL/TLS manager in cPanel. ' +
      'If the CSR was generated in cPanel, the matching private key is filled in automatically.',
    steps: [
      'Log in to cPanel and open Security > SSL/TLS.',
      'Under "Install and Manage SSL for your site (HTTPS)", click "Manage SSL sites".',
      'Choose your domain from the Domain drop-down list.',
      'Paste the full contents of your certificate file (example.com.crt), including the -----BEGIN CERTIFICATE----- and -----END CERTIFICATE----- lines, into the "Certificate: (CRT)" box.',
      'Click "Autofill by Certificate" to load the matching private key; if it was not generated in cPanel, paste it into the "Private Key (KEY)" box yourself.',
      'Paste the CA bundle (the intermediate certificates) into the "Certificate Authority Bundle: (CABUNDLE)" box.',
      'Click "Install Certificate", then open https://example.com in a browser to confirm the padlock is shown.',
    ],
    helpfulCount: 412,
    views: 4870,
  },
  {
    title: 'Install an SSL Certificate in Plesk',
    serverType: 'Plesk',
    category: 'HOSTING_PANEL',
    content:
      'Upload the certificate files to the domain in Plesk Obsidian and select the certificate in the hosting settings. ' +
      'Plesk can also redirect all HTTP traffic to HTTPS for you.',
    steps: [
      'Log in to Plesk and go to Websites & Domains, then click "SSL/TLS Certificates" under your domain.',
      'If the CSR was created in Plesk, click "Upload .crt File", select example.com.crt and Plesk pairs it with the stored private key.',
      'Otherwise click "Advanced Settings" > "Add SSL/TLS Certificate" and enter a certificate name such as example.com-2025.',
      'Under "Upload the certificate files", choose the private key (*.key), the certificate (*.crt) and the CA certificate (*-ca.crt), then click "Upload Certificate".',
      'Open Hosting & DNS > Hosting Settings, make sure "SSL/TLS support" is checked and pick the new certificate from the Certificate menu.',
      'Tick "Permanent SEO-safe 301 redirect from HTTP to HTTPS" and click OK.',
      'Visit https://example.com and check that the browser shows the new certificate.',
    ],
    helpfulCount: 236,
    views: 2715,
  },
  {
    title: 'Install an SSL Certificate in DirectAdmin',
    serverType: 'DirectAdmin',
    category: 'HOSTING_PANEL',
    content:
      'Paste your key and certificate in the SSL Certificates section of DirectAdmin, then add the CA bundle separately. ' +
      'SSL must be enabled for the domain before HTTPS will work.',
    steps: [
      'Log in to DirectAdmin at user level and open Account Manager > SSL Certificates.',
      'Select your domain with the domain selector at the top of the page.',
      'Choose "Paste a pre-generated certificate and key".',
      'Paste the private key (-----BEGIN PRIVATE KEY-----) followed by the certificate (-----BEGIN CERTIFICATE-----) into the text box and click Save.',
      'Click "Click Here to paste a CA Root Certificate", tick "Use a CA Cert", paste the CA bundle and click Save.',
      'Go to Account Manager > Domain Setup, open the domain and make sure "Secure SSL" is enabled.',
      'Open https://example.com to confirm the certificate is being served.',
    ],
    helpfulCount: 128,
    views: 1342,
  },

  // --------------------------------------------------------- Web servers
  {
    title: 'Install an SSL Certificate on Nginx',
    serverType: 'Nginx',
    category: 'WEB_SERVER',
    content:
      'Nginx expects the certificate and its intermediates in one file referenced by ssl_certificate, and the private key in ssl_certificate_key. ' +
      'Always test the configuration before reloading.',
    steps: [
      'Copy the private key to /etc/ssl/private/example.com.key and restrict it with: sudo chmod 600 /etc/ssl/private/example.com.key',
      'Build the full chain, leaf certificate first: cat example.com.crt ca-bundle.crt | sudo tee /etc/ssl/certs/example.com.fullchain.crt',
      'Open the site configuration, e.g. /etc/nginx/sites-available/example.com or /etc/nginx/conf.d/example.com.conf.',
      'In the server block add: listen 443 ssl; listen [::]:443 ssl; server_name example.com www.example.com;',
      'Add the certificate directives: ssl_certificate /etc/ssl/certs/example.com.fullchain.crt; ssl_certificate_key /etc/ssl/private/example.com.key;',
      'Limit protocols to modern versions: ssl_protocols TLSv1.2 TLSv1.3;',
      'Add a port 80 server block that redirects to HTTPS: return 301 https://$host$request_uri;',
      'Test and apply the configuration: sudo nginx -t && sudo systemctl reload nginx',
    ],
    helpfulCount: 389,
    views: 4215,
  },
  {
    title: 'Install an SSL Certificate on Apache',
    serverType: 'Apache',
    category: 'WEB_SERVER',
    content:
      'Enable mod_ssl and point an HTTPS virtual host at your certificate and key with SSLCertificateFile and SSLCertificateKeyFile. ' +
      'On Apache 2.4.8 and later the intermediates go in the same file as the certificate.',
    steps: [
      'Enable the SSL module: sudo a2enmod ssl on Debian/Ubuntu, or sudo dnf install mod_ssl on RHEL/Rocky/AlmaLinux.',
      'Copy the files to the server: /etc/ssl/certs/example.com.crt, /etc/ssl/certs/ca-bundle.crt and /etc/ssl/private/example.com.key (chmod 600 on the key).',
      'Edit the HTTPS virtual host, e.g. /etc/apache2/sites-available/example.com-ssl.conf or /etc/httpd/conf.d/ssl.conf, inside <VirtualHost *:443>.',
      'Add: SSLEngine on, SSLCertificateFile /etc/ssl/certs/example.com.crt and SSLCertificateKeyFile /etc/ssl/private/example.com.key',
      'For the chain on Apache 2.4.8+, append ca-bundle.crt to the end of example.com.crt; on older versions add SSLCertificateChainFile /etc/ssl/certs/ca-bundle.crt',
      'On Debian/Ubuntu enable the site: sudo a2ensite example.com-ssl.conf',
      'Check the syntax with sudo apachectl configtest, then reload: sudo systemctl reload apache2 (or httpd on RHEL).',
    ],
    helpfulCount: 341,
    views: 3890,
  },
  {
    title: 'Install an SSL Certificate on Microsoft IIS',
    serverType: 'IIS',
    category: 'WEB_SERVER',
    content:
      'Complete the pending certificate request (or import a PFX) in IIS Manager, install the intermediates, then bind the certificate to the site on port 443.',
    steps: [
      'Open IIS Manager (inetmgr), select the server name in the Connections pane and double-click "Server Certificates".',
      'If the CSR was created in IIS, click "Complete Certificate Request..." in the Actions pane, browse to the .cer file, enter a friendly name and choose the Personal store.',
      'If you have a .pfx file instead, click "Import...", select the file and enter its password.',
      'Install the intermediates: run certlm.msc, right-click "Intermediate Certification Authorities" > Certificates > All Tasks > Import and select the CA bundle.',
      'In the Connections pane, expand Sites, select your site and click "Bindings..." in the Actions pane.',
      'Click Add, choose Type https, Port 443 and your host name, tick "Require Server Name Indication" if several sites share the IP address, and select the certificate.',
      'Click OK, close the dialog and browse to https://example.com to confirm the binding.',
    ],
    helpfulCount: 197,
    views: 2260,
  },
  {
    title: 'Install an SSL Certificate on Tomcat (Java Keystore)',
    serverType: 'Tomcat',
    category: 'WEB_SERVER',
    content:
      'Tomcat reads certificates from a keystore. Build a PKCS12 keystore with OpenSSL (or import into the keytool keystore that made the CSR) and reference it from an SSLHostConfig in server.xml.',
    steps: [
      'If you have a PEM key and certificate, create a PKCS12 keystore: openssl pkcs12 -export -in example.com.crt -inkey example.com.key -certfile ca-bundle.crt -name tomcat -out example.com.p12',
      'If the CSR was generated with keytool, import the intermediates first: keytool -importcert -trustcacerts -alias intermediate -file ca-bundle.crt -keystore example.com.jks',
      'Then import your certificate under the same alias as the key pair: keytool -importcert -alias tomcat -file example.com.crt -keystore example.com.jks',
      'Copy the keystore to $CATALINA_BASE/conf/ and make it readable only by the Tomcat user.',
      'In $CATALINA_BASE/conf/server.xml add a connector: <Connector port="8443" protocol="org.apache.coyote.http11.Http11NioProtocol" SSLEnabled="true" maxThreads="150">',
      'Inside it add: <SSLHostConfig><Certificate certificateKeystoreFile="conf/example.com.p12" certificateKeystorePassword="your-password" certificateKeystoreType="PKCS12" type="RSA" /></SSLHostConfig></Connector>',
      'Check the keystore contents: keytool -list -v -keystore conf/example.com.p12 -storetype PKCS12',
      'Restart Tomcat (sudo systemctl restart tomcat, or bin/shutdown.sh then bin/startup.sh) and open https://example.com:8443',
    ],
    helpfulCount: 154,
    views: 1785,
  },
  {
    title: 'Install an SSL Certificate on HAProxy',
    serverType: 'HAProxy',
    category: 'WEB_SERVER',
    content:
      'HAProxy loads a single PEM file that contains the certificate, the intermediates and the private key. ' +
      'Terminate TLS on the frontend and forward plain HTTP to your backends.',
    steps: [
      'Create the certificate directory: sudo mkdir -p /etc/haproxy/certs',
      'Combine certificate, intermediates and key into one file: cat example.com.crt ca-bundle.crt example.com.key | sudo tee /etc/haproxy/certs/example.com.pem',
      'Restrict access to the combined file: sudo chmod 600 /etc/haproxy/certs/example.com.pem',
      'In /etc/haproxy/haproxy.cfg, add to your frontend: bind *:443 ssl crt /etc/haproxy/certs/example.com.pem alpn h2,http/1.1',
      'Redirect plain HTTP in the same frontend: http-request redirect scheme https unless { ssl_fc }',
      'Validate the configuration: sudo haproxy -c -f /etc/haproxy/haproxy.cfg',
      'Apply it without dropping connections: sudo systemctl reload haproxy',
    ],
    helpfulCount: 73,
    views: 865,
  },

  // --------------------------------------------------------------- Other
  {
    title: 'Generate a CSR and Private Key with OpenSSL',
    serverType: 'OpenSSL',
    category: 'OTHER',
    content:
      'Create a private key and Certificate Signing Request (CSR) on your own server so the key never leaves it. ' +
      'Submit only the CSR when you redeem or order a certificate.',
    steps: [
      'Generate a 2048-bit RSA key and CSR in one step: openssl req -new -newkey rsa:2048 -nodes -keyout example.com.key -out example.com.csr',
      'Answer the prompts; the Common Name must be the exact domain to secure, e.g. example.com (leave the challenge password empty).',
      'To skip the prompts and add SANs (OpenSSL 1.1.1+): openssl req -new -newkey rsa:2048 -nodes -keyout example.com.key -out example.com.csr -subj "/C=US/ST=California/L=San Francisco/O=Example Inc/CN=example.com" -addext "subjectAltName=DNS:example.com,DNS:www.example.com"',
      'For an ECDSA key instead: openssl ecparam -genkey -name prime256v1 -out example.com.key, then openssl req -new -key example.com.key -out example.com.csr',
      'Protect the private key: chmod 600 example.com.key (and keep a secure backup).',
      'Check the CSR before submitting: openssl req -in example.com.csr -noout -text -verify',
      'Copy the whole CSR, including the -----BEGIN CERTIFICATE REQUEST----- and -----END CERTIFICATE REQUEST----- lines, into the order form.',
    ],
    helpfulCount: 298,
    views: 3345,
  },
  {
    title: 'Verify an SSL Installation and Fix Chain Errors',
    serverType: 'OpenSSL',
    category: 'OTHER',
    content:
      'Check what your server actually sends and fix the most common problem: a missing intermediate certificate. ' +
      'These commands work against any web server.',
    steps: [
      'Inspect the served chain: openssl s_client -connect example.com:443 -servername example.com -showcerts </dev/null',
      'Look for "Verify return code: 0 (ok)"; code 21 ("unable to verify the first certificate") means the intermediate certificate is missing.',
      'Check that the key matches the certificate; these two hashes must be identical: openssl x509 -noout -modulus -in example.com.crt | openssl md5 and openssl rsa -noout -modulus -in example.com.key | openssl md5',
      'Check names and dates: openssl x509 -in example.com.crt -noout -subject -issuer -dates -ext subjectAltName',
      'Verify the chain locally: openssl verify -untrusted ca-bundle.crt example.com.crt',
      'Rebuild the chain in the right order, leaf first and without the root: cat example.com.crt intermediate.crt > fullchain.crt, point the server at it and reload.',
      'Confirm the live expiry date: openssl s_client -connect example.com:443 -servername example.com </dev/null 2>/dev/null | openssl x509 -noout -enddate',
    ],
    helpfulCount: 264,
    views: 2980,
  },
  {
    title: 'Convert Certificates Between PEM, PFX, DER and P7B',
    serverType: 'OpenSSL',
    category: 'OTHER',
    content:
      'Different servers expect different formats: Apache and Nginx use PEM, IIS and Azure use PFX (PKCS#12), and Java uses PKCS12 or JKS. ' +
      'OpenSSL converts between all of them.',
    steps: [
      'Identify the format: PEM files are text starting with -----BEGIN; DER is binary. Inspect a DER file with: openssl x509 -inform der -in example.com.cer -noout -text',
      'PEM to PFX (for IIS/Windows): openssl pkcs12 -export -out example.com.pfx -inkey example.com.key -in example.com.crt -certfile ca-bundle.crt',
      'PFX to PEM private key: openssl pkcs12 -in example.com.pfx -nocerts -nodes -out example.com.key',
      'PFX to PEM certificate and chain: openssl pkcs12 -in example.com.pfx -clcerts -nokeys -out example.com.crt and openssl pkcs12 -in example.com.pfx -cacerts -nokeys -out ca-bundle.crt',
      'With OpenSSL 3.x, add -legacy when reading an older PFX that fails with "unsupported algorithm" (RC2-40-CBC).',
      'DER to PEM: openssl x509 -inform der -in example.com.cer -out example.com.pem; PEM to DER: openssl x509 -outform der -in example.com.crt -out example.com.der',
      'P7B (PKCS#7) to PEM: openssl pkcs7 -print_certs -in example.com.p7b -out example.com.pem',
    ],
    helpfulCount: 183,
    views: 2035,
  },
  {
    title: 'Redirect HTTP to HTTPS and Enable HSTS',
    serverType: 'HSTS',
    category: 'OTHER',
    content:
      'After the certificate works, send every visitor to HTTPS and tell browsers to remember it with the Strict-Transport-Security header. ' +
      'Start with a short max-age and raise it once everything is confirmed.',
    steps: [
      'Confirm HTTPS works for every host name (example.com and www.example.com) before forcing it.',
      'Nginx: in the port 80 server block add return 301 https://$host$request_uri;',
      'Apache: in the port 80 virtual host add Redirect permanent / https://example.com/',
      'Nginx HSTS, in the 443 server block: add_header Strict-Transport-Security "max-age=300" always;',
      'Apache HSTS (needs mod_headers, sudo a2enmod headers): Header always set Strict-Transport-Security "max-age=300"',
      'Reload the server and check the header: curl -sI https://example.com | grep -i strict-transport-security',
      'Once everything works, raise the value to max-age=31536000; includeSubDomains only if every subdomain also serves HTTPS.',
    ],
    helpfulCount: 96,
    views: 1120,
  },
];
