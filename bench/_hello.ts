// The hello-world script that bench/startup.ts measures start-up against.
console.log("hello, world");
