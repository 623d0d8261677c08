#!/usr/bin/env node
'use strict';
const riddles = ['Why is a raven like a writing-desk?', 'Have you guessed the riddle yet?'];
console.log(riddles[Math.floor(Math.random() * riddles.length)]);
console.log('I haven\'t the slightest idea.');
